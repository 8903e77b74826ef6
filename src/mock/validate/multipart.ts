import { inputLimitError, readFields, type FieldsResult } from '../../core/engine/input-fields.js';
import { parseJson } from '../../core/engine/json-body.js';

/**
 * multipart/form-data, read into fields as Laravel's request sees them: a part per field
 * (`name[key]` nests, a repeated name gathers a list), files as their content, and a part sent
 * as `application/json` parsed, as the Encoding Object's default for objects says; more parts
 * than PHP's `max_input_vars` are refused (input-fields.ts). Undefined when the body is not
 * well-formed multipart (no boundary, no closing delimiter).
 * @see https://www.rfc-editor.org/rfc/rfc7578
 * @see https://spec.openapis.org/oas/v3.0.3#encoding-object
 */
export function parseMultipart(
  raw: Buffer,
  contentType: string | undefined,
): FieldsResult | undefined {
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  const pairs: [string, unknown][] = [];
  let at = raw.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    const start = at + delimiter.length;
    // `--` after a delimiter closes the body.
    if (raw[start] === 0x2d && raw[start + 1] === 0x2d) return readFields(pairs);
    const next = raw.indexOf(delimiter, start);
    if (next < 0) return undefined;
    const part = readPart(raw.subarray(skipLineEnd(raw, start), trimLineEnd(raw, next)));
    if (part?.name !== undefined) pairs.push([part.name, part.value]);
    const error = inputLimitError(pairs.length);
    if (error) return { error };
    at = next;
  }
}

function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

interface Part {
  name?: string;
  value: unknown;
}

/** One part: headers up to the first empty line, then the content. */
function readPart(part: Buffer): Part | undefined {
  const split = part.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const headers = part.subarray(0, split).toString('utf8');
  const content = part.subarray(split + 4);
  const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
  const name = parameter(disposition, 'name');
  const type = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase();
  const isFile = parameter(disposition, 'filename') !== undefined;
  return { name, value: partValue(content, type, isFile) };
}

function partValue(content: Buffer, type: string | undefined, isFile: boolean): unknown {
  if (isFile) return content.toString('latin1');
  if (type === 'application/json' || type?.endsWith('+json')) {
    const json = parseJson(content);
    if ('value' in json) return json.value;
  }
  return content.toString('utf8');
}

/** `name="a b"` or `name=ab` in a Content-Disposition header. */
function parameter(header: string, key: string): string | undefined {
  const match = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]+))`, 'i').exec(header);
  const value = match?.[1] ?? match?.[2];
  return value?.replace(/\\(.)/g, '$1');
}

function skipLineEnd(raw: Buffer, at: number): number {
  if (raw[at] === 0x0d && raw[at + 1] === 0x0a) return at + 2;
  return raw[at] === 0x0a ? at + 1 : at;
}

function trimLineEnd(raw: Buffer, at: number): number {
  if (raw[at - 2] === 0x0d && raw[at - 1] === 0x0a) return at - 2;
  return raw[at - 1] === 0x0a ? at - 1 : at;
}
