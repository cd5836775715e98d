/**
 * POSIX shell quoting: inside single quotes every byte is literal except the
 * single quote itself, which is closed, escaped and reopened ('\''). Newlines,
 * $, `, \ and ! (bash history is off in scripts) need nothing more.
 */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export interface CurlRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * The exact delivery as a curl command: POST, every header as sent, the body
 * byte for byte. --data-binary keeps newlines and adds none; -sS keeps a
 * failing connection visible without a progress meter.
 */
export function toCurl(request: CurlRequest, targetUrl: string = request.url): string {
  // curl reads a file for a value starting with @, so such a body goes through stdin instead.
  const viaStdin = request.body.startsWith('@');
  const lines = [`${viaStdin ? `printf %s ${shellQuote(request.body)} | ` : ''}curl -sS -X POST ${shellQuote(targetUrl)}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`  -H ${shellQuote(`${name}: ${value}`)}`);
  lines.push(`  --data-binary ${viaStdin ? '@-' : shellQuote(request.body)}`);
  return lines.join(' \\\n');
}
