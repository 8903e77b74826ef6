// Request bodies: which declared media type to send, and its bytes.
// @see https://spec.openapis.org/oas/v3.0.3#request-body-object
// @see https://spec.openapis.org/oas/v3.0.3#encoding-object (forms and multipart)
import { randomBytes } from 'node:crypto';
import { URLSearchParams } from 'node:url';
import { scalar } from './params.mjs';

export function isJson(type) {
  const [main = '', sub = ''] = type.split('/');
  return (
    sub === 'json' || sub.endsWith('+json') || (main === 'application' && sub.includes('json'))
  );
}

export function isXml(type) {
  const [, sub = ''] = type.split('/');
  return sub === 'xml' || sub.endsWith('+xml');
}

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** JSON first (what most clients send), then forms, then text, then anything else. */
export function pickRequestMedia(content) {
  const entries = Object.entries(content ?? {}).filter(([, media]) => media !== null);
  const rank = ([key]) => {
    const type = mediaType(key);
    if (type === 'application/json') return 0;
    if (isJson(type)) return 1;
    if (type === FORM) return 2;
    if (type === MULTIPART) return 3;
    if (type.startsWith('text/') && !isXml(type)) return 4;
    return 5;
  };
  return entries.sort((a, b) => rank(a) - rank(b))[0];
}

export function mediaType(key) {
  return (key.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * `{ contentType, payload }` for `value` in the declared media type `key`, or undefined.
 * `files`: the multipart fields that are files (sent with a filename).
 */
export function encodeBody(key, media, value, files = new Set()) {
  const type = mediaType(key);
  if (type === FORM) return form(value, media.encoding);
  if (type === MULTIPART) return multipart(value, media.encoding, files);
  const concrete = concreteType(key, value);
  if (isJson(mediaType(concrete))) return { contentType: concrete, payload: JSON.stringify(value) };
  if (isXml(type)) return { contentType: concrete, payload: toXml(value) };
  if (type.startsWith('text/')) return { contentType: concrete, payload: scalar(value) };
  const payload = typeof value === 'string' ? value : JSON.stringify(value);
  return { contentType: concrete, payload: payload === undefined ? randomBytes(16) : payload };
}

/** A wildcard key (`*\/*`, `image/*`) becomes a real type; parameters are kept. */
function concreteType(key, value) {
  const type = mediaType(key);
  if (type === '*/*') return typeof value === 'object' ? 'application/json' : 'text/plain';
  if (type.endsWith('/*')) return `${type.slice(0, -2)}/octet-stream`;
  return key;
}

/** Form fields: arrays as repeated keys (style form, explode), objects in brackets. */
function form(value, encoding = {}) {
  if (typeof value !== 'object' || value === null) return undefined;
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    const explode = encoding?.[key]?.explode ?? true;
    if (Array.isArray(field) && field.every((v) => typeof v !== 'object' || v === null)) {
      if (explode) field.forEach((v) => params.append(key, scalar(v)));
      else if (field.some((v) => scalar(v).includes(','))) return undefined;
      else params.append(key, field.map(scalar).join(','));
    } else bracketed(params, key, field);
  }
  return { contentType: FORM, payload: params.toString() };
}

function bracketed(params, key, value) {
  if (Array.isArray(value)) value.forEach((v, i) => bracketed(params, `${key}[${i}]`, v));
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) bracketed(params, `${key}[${k}]`, v);
  } else params.append(key, scalar(value));
}

/**
 * multipart/form-data: a part per property (repeated for arrays); strings of files as file parts,
 * objects as JSON parts, as the Encoding Object's defaults say.
 */
function multipart(value, encoding = {}, files = new Set()) {
  if (typeof value !== 'object' || value === null) return undefined;
  const boundary = `----corpus${randomBytes(8).toString('hex')}`;
  const chunks = [];
  const part = (name, content, type, filename) => {
    const file = filename === undefined ? '' : `; filename="${filename}"`;
    chunks.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n` +
        (type ? `Content-Type: ${type}\r\n` : '') +
        `\r\n${content}\r\n`,
    );
  };
  for (const [key, field] of Object.entries(value)) {
    if (/["\r\n]/.test(key)) return undefined;
    const declared = encoding?.[key]?.contentType?.split(',')[0]?.trim();
    for (const item of Array.isArray(field) ? field : [field]) {
      if (typeof item === 'object' && item !== null) {
        part(key, JSON.stringify(item), declared ?? 'application/json');
      } else if (
        files.has(key) ||
        (declared && !declared.startsWith('text/') && !isJson(declared))
      ) {
        part(key, scalar(item), declared ?? 'application/octet-stream', `${key}.bin`);
      } else part(key, scalar(item), declared);
    }
  }
  chunks.push(`--${boundary}--\r\n`);
  return { contentType: `${MULTIPART}; boundary=${boundary}`, payload: chunks.join('') };
}

/** A plain XML rendering: one element per property, `item` per array entry. */
export function toXml(value, name = 'root') {
  const tag = /^[A-Za-z_][\w.-]*$/.test(name) ? name : 'item';
  if (Array.isArray(value))
    return `<${tag}>${value.map((v) => toXml(v, 'item')).join('')}</${tag}>`;
  if (typeof value === 'object' && value !== null) {
    const inner = Object.entries(value).map(([k, v]) => toXml(v, k));
    return `<${tag}>${inner.join('')}</${tag}>`;
  }
  const text = scalar(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${tag}>${text}</${tag}>`;
}
