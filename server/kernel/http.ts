/** A request that may have changed something: not a read, and not refused (what the caches forget on). */
export const isWrite = (method: string, status: number) => method !== 'GET' && method !== 'HEAD' && status < 400;
