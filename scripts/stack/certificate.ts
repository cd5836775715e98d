import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TlsFiles } from '../../server/dashboard-server';

/**
 * A throwaway certificate for 127.0.0.1 (openssl, valid two days), so a bench can serve the dashboard over HTTPS
 * and HTTP/2 as a deployment does. The browser that loads it must be told to accept it (--ignore-certificate-errors).
 */
export function selfSignedCertificate(): TlsFiles {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-cert-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
