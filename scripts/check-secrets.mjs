#!/usr/bin/env node
// Fails when a committed file holds something that looks like a private key, a password or an
// access token. Scans the files git tracks in the current repository (`git ls-files`); with
// --untracked also the new files git does not ignore, to check before committing.
//
// Allowed: `.env.example` (it documents settings, every value a placeholder), values that are
// plainly placeholders (example hosts, "password", "changeme", "<…>", "${…}"), and any line that
// carries the marker `secret-scan: allow` with a reason beside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const ALLOWED_FILES = new Set(['.env.example']);
const ALLOW_MARKER = 'secret-scan: allow';
const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|pdf|woff2?|ttf|otf|zip|gz|br|sqlite|mp4|webm)$/i;

/** Words that make a value a placeholder rather than a credential. */
const PLACEHOLDER =
  /^(|x+|\*+|\.+|-+|pass(word)?|secret|changeme|change-me|app-password|placeholder|redacted|example|test|dummy|fake|token|your[-_\w]*|my[-_\w]*)$|example|placeholder|changeme|<[^>]*>|\$\{[^}]*\}|\$\(|process\.env|import\.meta\.env|\{\{/i;
/** Hosts that only ever appear in documentation and tests. */
const EXAMPLE_HOST =
  /(^|\.)(example\.(com|org|net)|[\w-]+\.(example|test|invalid|localhost)|localhost|127\.0\.0\.1|mailpit)$/i;

/** Each rule: a name for the report and a pattern; `check` may veto a match. */
const RULES = [
  {
    name: 'private key',
    pattern: /-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----/,
    // Documentation shows the shape of a key with its body cut short on the same line.
    check: (_match, line) => !/…|\.\.\.|<[^>]*>/.test(line),
  },
  { name: 'AWS access key id', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_\w{22,})\b/ },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/ },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  { name: 'Stripe secret key', pattern: /\b[sr]k_live_[0-9A-Za-z]{20,}\b/ },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/ },
  { name: 'SendGrid key', pattern: /\bSG\.[\w-]{22}\.[\w-]{43}\b/ },
  {
    name: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  },
  {
    name: 'password in a URL',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/([^\s/:@'"`]+):([^\s@/'"`]+)@([^\s/:'"`?#]+)/i,
    check: (match) => !PLACEHOLDER.test(match[2] ?? '') && !EXAMPLE_HOST.test(match[3] ?? ''),
  },
  {
    name: 'password or token assigned',
    pattern:
      /\b([A-Za-z_]*(?:password|passwd|pwd|secret|token|api_?key|apikey|access_?key|private_?key|client_?secret|auth_?key)[A-Za-z_]*)["']?\s*[:=]\s*["'`]([^"'`\s]{8,})["'`]/i,
    check: (match) => !PLACEHOLDER.test(match[2] ?? '') && /\d/.test(match[2] ?? ''),
  },
  {
    name: 'password or token in an env file',
    pattern:
      /^\s*(?:export\s+)?([A-Z_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_KEY|ACCESS_KEY|PRIVATE_KEY)[A-Z_]*)=(\S{8,})\s*$/,
    check: (match) => !PLACEHOLDER.test((match[2] ?? '').replace(/^["']|["']$/g, '')),
    files: /(^|\/)\.env(\.[\w-]+)?$|\.(env|properties|ini|conf|cfg|toml|ya?ml)$/,
  },
];

/** Findings in one file: where, which rule, and the line with the value masked. */
export function findSecrets(file, text) {
  if (ALLOWED_FILES.has(file) || BINARY.test(file) || text.includes('\u0000')) return [];
  const findings = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.includes(ALLOW_MARKER)) return;
    for (const rule of RULES) {
      if (rule.files && !rule.files.test(file)) continue;
      const match = rule.pattern.exec(line);
      if (!match || (rule.check && !rule.check(match, line))) continue;
      const shown = line.trim().replace(match[0], `${match[0].slice(0, 6)}…`);
      findings.push({ file, line: index + 1, rule: rule.name, text: shown.slice(0, 160) });
    }
  });
  return findings;
}

function listFiles(untracked) {
  const args = ['ls-files', '-z', '--cached'];
  if (untracked) args.push('--others', '--exclude-standard');
  return [...new Set(execFileSync('git', args, { encoding: 'utf8' }).split('\0'))].filter(Boolean);
}

function main() {
  const files = listFiles(process.argv.includes('--untracked'));
  const findings = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // deleted in the working tree, or a submodule
    }
    findings.push(...findSecrets(file, text));
  }
  if (findings.length === 0) {
    process.stdout.write(
      `check-secrets: ${files.length} files, nothing that looks like a secret.\n`,
    );
    return 0;
  }
  process.stderr.write(`check-secrets: ${findings.length} possible secret(s):\n`);
  for (const finding of findings) {
    process.stderr.write(`  ${finding.file}:${finding.line}  ${finding.rule}  ${finding.text}\n`);
  }
  process.stderr.write(
    `Remove the value (and rotate it if it was real). A placeholder that must stay can be marked with "${ALLOW_MARKER}" and a reason on the same line.\n`,
  );
  return 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
