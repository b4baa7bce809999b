export * from './customers';
export * from './documents';
export * from './email';
export * from './files';
export * from './imports';
export * from './orders';
export * from './products';
export * from './users';
