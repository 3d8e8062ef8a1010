export * from './messages.js';
export * from './common.js';
export * from './user.js';
export * from './auth.js';
export * from './beats.js';
export * from './config.js';
