import type { Handler, RuleSpec } from '../rule.js';

/**
 * Uploaded files: a binary string in a multipart/form-data body. Sizes are kilobytes, which a
 * schema cannot check, so they go to the description (see sizes.ts), with the allowed types.
 * @see https://laravel.com/docs/validation#rule-file
 * @see https://spec.openapis.org/oas/v3.0.3#considerations-for-file-uploads
 */

const note =
  (text: (args: string[]) => string | undefined): Handler =>
  (rule, field) => {
    field.multipart = true;
    const sentence = text(rule.args);
    if (sentence !== undefined && !field.notes.includes(sentence)) field.notes.push(sentence);
  };

const list = (label: string) => (args: string[]) =>
  args.length === 0 ? undefined : `${label}: ${args.join(', ')}.`;

export const FILE_RULES: Record<string, RuleSpec> = {
  file: { kind: 'file', apply: note(() => undefined) },
  image: { kind: 'file', apply: note(() => 'Must be an image.') },
  mimes: { kind: 'file', apply: note(list('Allowed types')) },
  mimetypes: { kind: 'file', apply: note(list('Allowed MIME types')) },
  extensions: { kind: 'file', apply: note(list('Allowed extensions')) },
  dimensions: { kind: 'file', apply: note(list('Image dimensions')) },
};
