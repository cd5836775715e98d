export * from './types';
export * from './upload-engine';
export * from './xhr-transport';
export * from './relay-transport';
