// Runtime configuration: read from the page's <meta name="vitrine-config">, which the server
// fills when it serves index.html, with build-time VITE_* values as the fallback.

export interface RuntimeConfig {
  /** API host, e.g. 'https://api.loja.com.br'; '' means the page's own origin. */
  apiHost: string;
  /** Google Analytics 4 measurement id (G-XXXX); empty means no analytics script at all. */
  analyticsMeasurementId: string;
  /** Send GraphQL queries as GET (cacheable by a CDN); mutations always use POST. */
  graphqlUseGet: boolean;
}

type MetaSource = Pick<Document, 'querySelector'>;

function parseMeta(doc: MetaSource): Partial<RuntimeConfig> {
  const content = doc.querySelector('meta[name="vitrine-config"]')?.getAttribute('content');
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<RuntimeConfig>) : {};
  } catch {
    return {};
  }
}

export function readRuntimeConfig(
  doc: MetaSource,
  env: Record<string, string | boolean | undefined> = import.meta.env,
): RuntimeConfig {
  const fromMeta = parseMeta(doc);
  const apiHost = fromMeta.apiHost ?? String(env.VITE_API_HOST ?? '');
  const analyticsMeasurementId =
    fromMeta.analyticsMeasurementId ?? String(env.VITE_ANALYTICS_MEASUREMENT_ID ?? '');
  const graphqlUseGet = fromMeta.graphqlUseGet ?? env.VITE_GRAPHQL_USE_GET === 'true';
  return {
    apiHost: apiHost.replace(/\/+$/, ''),
    analyticsMeasurementId: analyticsMeasurementId.trim(),
    graphqlUseGet: Boolean(graphqlUseGet),
  };
}
