export * from './csp-violations';
export * from './network-failure';
export * from './read-storage';
export * from './s3-error';
export * from './storage-failure';
export * from './storage-relay';
