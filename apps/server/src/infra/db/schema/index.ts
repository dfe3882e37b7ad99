export * from './auth';
export * from './app';
export * from './companies';
export * from './admin';
export * from './projects';
export * from './inspections';
export * from './estimating';
export * from './chat';
