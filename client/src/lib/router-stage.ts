/**
 * The entry (boot.ts) imports this to run the router's chunk in a task of its own before the app's.
 * vite.config.ts puts it in that chunk ('tanstack'): importing @tanstack/react-router itself there
 * would keep every one of its exports in the chunk, used or not.
 */
export { createRouter } from '@tanstack/react-router';
