// A log destination for tests: the JSON records the logger wrote, parsed, in order.
import { Writable } from "node:stream";
import { createLogger, type LogLevel } from "../../src/kernel/logger.ts";

interface LogRecord {
  level: string;
  msg: string;
  time: string;
  requestId?: string;
  [field: string]: unknown;
}

export function logLines() {
  const records: LogRecord[] = [];
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n")) {
        records.push(JSON.parse(text.slice(0, i)));
        text = text.slice(i + 1);
      }
      done();
    },
  });
  return {
    stream,
    records,
    logger: (level: LogLevel = "debug") => createLogger(level, { format: "json", destination: stream }),
  };
}
