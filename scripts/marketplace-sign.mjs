// `npm run -s marketplace:sign -- <tiktok|temu|tiktok-webhook|alipay> …`: prints the signature the
// adapters would compute for a request (issue 18), for support engineers debugging a rejected call.
// The string that is signed comes first (secrets masked), the signature alone on the last line.
//
//   tiktok         --secret S --path P [--query k=v …] [--body JSON]   lower-hex HMAC-SHA256
//   temu           --secret S --params JSON                             upper-hex MD5
//   tiktok-webhook --key K --secret S --body JSON                       lower-hex HMAC-SHA256
//   alipay         --key PRIVATE_KEY_PEM_OR_FILE --params JSON          base64 RSA2 (SHA256withRSA)
//
// Runs through tsx (package.json) so it signs with the adapters' own code.
import { existsSync, readFileSync } from 'node:fs';
import {
  tiktokSign,
  tiktokSignContent,
  tiktokWebhookSignature,
} from '../apps/server/src/integrations/tiktok/tiktok-sign.ts';
import { temuSign, temuSignContent } from '../apps/server/src/integrations/temu/temu-sign.ts';
import { rsa2Sign, signContent } from '../apps/server/src/integrations/alipay/alipay-sign.ts';

const USAGE = `usage: npm run -s marketplace:sign -- <command> [options]
  tiktok         --secret S --path P [--query k=v …] [--body JSON]
  temu           --secret S --params JSON
  tiktok-webhook --key K --secret S --body JSON
  alipay         --key PRIVATE_KEY_PEM_OR_FILE --params JSON`;

function fail(message) {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

/** `--name value` options; `--query` takes every following `k=v` until the next option. */
function parse(argv) {
  const options = { query: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) fail(`unexpected argument: ${arg}`);
    const name = arg.slice(2);
    if (name === 'query') {
      while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) options.query.push(argv[++i]);
      continue;
    }
    if (i + 1 >= argv.length) fail(`--${name} needs a value`);
    options[name] = argv[++i];
  }
  return options;
}

function required(options, name) {
  const value = options[name];
  if (typeof value !== 'string' || value === '') fail(`--${name} is required`);
  return value;
}

function jsonObject(text, name) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(`--${name} is not JSON: ${error.message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(`--${name} must be a JSON object`);
  return value;
}

/** The signed string with the secret's wrapping at both ends shown as <secret>. */
const wrapped = (text, secret) => `<secret>${text.slice(secret.length, text.length - secret.length)}<secret>`;

const [command, ...rest] = process.argv.slice(2);
const options = parse(rest);
switch (command) {
  case 'tiktok': {
    const secret = required(options, 'secret');
    const path = required(options, 'path');
    const query = {};
    for (const pair of options.query) {
      const at = pair.indexOf('=');
      if (at < 1) fail(`--query takes k=v, not ${pair}`);
      query[pair.slice(0, at)] = pair.slice(at + 1);
    }
    // The body is signed exactly as given: the bytes sent, never a re-serialisation.
    const body = options.body ?? null;
    console.log(`content: <secret>${tiktokSignContent(path, query, body)}<secret>`);
    console.log(tiktokSign(secret, { path, query, body }));
    break;
  }
  case 'temu': {
    const secret = required(options, 'secret');
    const params = jsonObject(required(options, 'params'), 'params');
    console.log(`content: ${wrapped(temuSignContent(secret, params), secret)}`);
    console.log(temuSign(secret, params));
    break;
  }
  case 'tiktok-webhook': {
    const key = required(options, 'key');
    const secret = required(options, 'secret');
    const body = required(options, 'body');
    console.log(`content: ${key}${body}`);
    console.log(tiktokWebhookSignature(key, secret, body));
    break;
  }
  case 'alipay': {
    const keyArg = required(options, 'key');
    const pem = keyArg.includes('-----BEGIN')
      ? keyArg.replace(/\\n/g, '\n')
      : existsSync(keyArg)
        ? readFileSync(keyArg, 'utf8')
        : fail('--key is neither a PEM nor a file');
    const params = jsonObject(required(options, 'params'), 'params');
    const content = signContent(
      Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
    );
    console.log(`content: ${content}`);
    console.log(rsa2Sign(content, pem));
    break;
  }
  default:
    fail(command ? `unknown command: ${command}` : 'a command is required');
}
