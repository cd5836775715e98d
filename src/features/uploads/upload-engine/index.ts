export * from './types';
export * from './upload-engine';
export * from './xhr-transport';
