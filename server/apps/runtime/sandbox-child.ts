// The runtime sandbox's process: starts one compiled package in Apps-Engine (probe.ts), answers over IPC, and
// is ended by its parent. Whatever the app does while starting ends this process (or its Deno subprocess),
// never the portal's.
import { probe, type ProbeInput } from './probe';

type Message = Omit<ProbeInput, 'zip'> & { zip: Uint8Array };

process.on('message', (message: Message) => {
  const zip = Buffer.from(message.zip.buffer, message.zip.byteOffset, message.zip.byteLength);
  void probe({ ...message, zip }).then(
    (report) => process.send!({ report, peakRssKb: process.resourceUsage().maxRSS }),
    (e: unknown) => process.send!({ failed: e instanceof Error ? e.message : String(e) }),
  );
});
process.on('disconnect', () => process.exit(0));
