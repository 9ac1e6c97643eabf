// The compile sandbox's process: receives one package over IPC, compiles it, answers, exits. Whatever the
// package does to the compiler (a stack overflow, runaway types) ends this process, never the portal's.
import { compilePackage, type CompileInput } from './compiler';

type Message = Omit<CompileInput, 'files'> & { files: Map<string, Uint8Array> };

process.once('message', (message: Message) => {
  const files = new Map([...message.files].map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
  // No catch: an exception in the compiler is a crash of this process, which the parent retries at most 3 times.
  void compilePackage({ ...message, files }).then((result) => {
    process.send!({ result }, () => process.exit(0));
  });
});
