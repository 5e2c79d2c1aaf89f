/**
 * The OpenTelemetry SDK, imported by src/server/tracing.ts only when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set (docs/decisions/0072-traces.md): spans batched and sent as OTLP/HTTP (JSON) to
 * `<endpoint>/v1/traces`; a trace the caller samples is kept, a new one by the configured share.
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import packageJson from '../../package.json';
import type { Config } from './config';

/** One warning a minute at most while the collector refuses or cannot be reached. */
const WARN_EVERY_MS = 60_000;

/** The exporter, with a warning in the site's log when a batch could not be sent. */
function warningOnFailure(exporter: SpanExporter, warn: (message: string) => void): SpanExporter {
  let lost = 0;
  let saidAt = -Infinity;
  return {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) {
          lost += spans.length;
          if (Date.now() - saidAt >= WARN_EVERY_MS) {
            warn(
              `traces: ${lost} span(s) not sent to the OTLP endpoint: ${result.error?.message ?? 'failed'}`,
            );
            lost = 0;
            saidAt = Date.now();
          }
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

export function startSdk(
  config: NonNullable<Config['tracing']>,
  warn: (message: string) => void,
): { tracer: ReturnType<TracerProvider['getTracer']>; shutdown: () => Promise<void> } {
  const exporter = new OTLPTraceExporter({ url: `${config.endpoint}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': config.serviceName,
      'service.version': packageJson.version,
    }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(config.sampleRatio) }),
    spanProcessors: [new BatchSpanProcessor({ exporter: warningOnFailure(exporter, warn) })],
  });
  return {
    tracer: provider.getTracer('pari-boreal', packageJson.version),
    shutdown: () => provider.shutdown(),
  };
}
