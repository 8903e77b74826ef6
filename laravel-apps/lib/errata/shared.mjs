// Builders for errata entries (see ERRATA in ../apps.mjs): each says what the reference gets
// wrong and where the application's code shows it.

/** Generated operations the application declares (`[operation, 'file:line']`) and the reference leaves out. */
export function undocumentedRoutes(rows) {
  return rows.map(([extra, where]) => ({
    extra,
    reason: `declared at ${where}; the reference leaves the route out`,
  }));
}

/** Request-body fields the reference lists for an operation that the application never reads. */
export function fieldsNotRead(operation, fields, reason) {
  return fields.map((field) => ({ operation, field, reason }));
}

/** Fields whose required flag the reference gets wrong (the code's rules decide). */
export function requiredFlags(operation, fields, reason) {
  return fields.map((field) => ({ operation, field, required: true, reason }));
}
