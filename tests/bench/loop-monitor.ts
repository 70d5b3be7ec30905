/**
 * Bench-only preload for the server process (built to dist-server/loop-monitor.mjs and given to
 * the built server with --import): watches the server's own event loop and memory and answers the
 * bench over the IPC channel, so no server code knows about it. Messages in: 'reset' (start a measured
 * window), 'report' (answer the window's figures). Out: { type: 'report', ... }.
 */
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface LoopReport {
  type: 'report';
  /** The longest time the loop could not run a timer, in the window. */
  maxStallMs: number;
  p99DelayMs: number;
  rssMb: number;
  peakRssMb: number;
  heapUsedMb: number;
  /** CPU time of the whole process (every thread), in the window: robust to a busy machine. */
  cpuMs: number;
  /** The share of the window the main thread was busy (0..1). */
  mainThreadBusy: number;
}

const mb = (bytes: number) => bytes / (1024 * 1024);
// 10 ms resolution: a stall is measured to within that; anything we care about is 20x longer.
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let peakRss = 0;
let cpuFrom = process.cpuUsage();
let eluFrom: EventLoopUtilization = performance.eventLoopUtilization();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 100);
sampler.unref();

process.on('message', (message: unknown) => {
  if (message === 'reset') {
    delay.reset();
    peakRss = process.memoryUsage.rss();
    cpuFrom = process.cpuUsage();
    eluFrom = performance.eventLoopUtilization();
  } else if (message === 'report') {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const report: LoopReport = {
      type: 'report',
      // The histogram holds the delay past the resolution, in nanoseconds.
      maxStallMs: delay.max / 1e6,
      p99DelayMs: delay.percentile(99) / 1e6,
      rssMb: mb(rss),
      peakRssMb: mb(peakRss),
      heapUsedMb: mb(process.memoryUsage().heapUsed),
      cpuMs: ((cpu) => (cpu.user + cpu.system) / 1000)(process.cpuUsage(cpuFrom)),
      mainThreadBusy: performance.eventLoopUtilization(eluFrom).utilization,
    };
    process.send?.(report);
  }
});
// The IPC channel must not keep a server that was asked to stop alive.
process.channel?.unref();
