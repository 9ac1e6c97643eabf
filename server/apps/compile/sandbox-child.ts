// The compile sandbox's process: receives packages over IPC, one at a time, compiles each and answers. Whatever a
// package does to the compiler (a stack overflow, runaway types) ends this process, never the portal's.
import { compilePackage, type CompileInput } from './compiler';

type Message = Omit<CompileInput, 'files'> & { files: Map<string, Uint8Array> };

process.on('message', (message: Message) => {
  const files = new Map([...message.files].map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
  // No catch: an exception in the compiler is a crash of this process, which the parent retries at most 3 times.
  void compilePackage({ ...message, files }).then((result) => process.send!({ result }));
});
// The portal is gone (its end of the channel closed): nobody would read the answer.
process.on('disconnect', () => process.exit(0));
