// The thread that renders publishers' Markdown (markdown-renderer.ts starts it, and ends it when a text takes
// longer than the budget). Built beside the server's bundle as build/markdown-worker.js (scripts/build-server.mjs).
import { parentPort } from 'node:worker_threads';
import { renderMarkdown } from './markdown';

export type RenderRequest = { id: number; raw: string };
export type RenderReply = { id: number; html: string } | { id: number; error: 'nesting' | 'failed' };

const port = parentPort;
if (!port) throw new Error('markdown-worker.ts runs as a worker thread');
port.on('message', ({ id, raw }: RenderRequest) => {
  let reply: RenderReply;
  try {
    reply = { id, html: renderMarkdown(raw) };
  } catch (e) {
    // marked renders by recursion: a text nested deeper than the thread's stack ends in a RangeError.
    reply = { id, error: e instanceof RangeError ? 'nesting' : 'failed' };
  }
  port.postMessage(reply);
});
// Loaded (marked and sanitize-html with it): the renderer starts a text's clock only now.
port.postMessage({ ready: true });
