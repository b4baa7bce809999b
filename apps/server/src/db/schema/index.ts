export * from './customers';
export * from './email';
export * from './files';
export * from './users';
export * from './products';
export * from './imports';
export * from './documents';
