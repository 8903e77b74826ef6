/** The part of swagger2openapi (which ships no types) that the spec loader uses. */
declare module 'swagger2openapi' {
  interface ConvertOptions {
    /** Fix up small errors in the source instead of failing. */
    patch?: boolean;
    /** Mark unfixable problems with an `x-s2o-warning` property instead of failing. */
    warnOnly?: boolean;
    /** Clone objects the source shares (YAML anchors) instead of failing on them. */
    anchors?: boolean;
    /** Resolve external refs itself. */
    resolve?: boolean;
    /** Source text; when absent it is re-created with a full YAML stringify of the input. */
    text?: string;
    /** Set by the conversion: how many patches it made. */
    patches?: number;
    /** Set by the conversion: the OpenAPI 3.0 result. */
    openapi?: Record<string, unknown>;
    [key: string]: unknown;
  }

  const swagger2openapi: {
    convertObj(swagger: object, options: ConvertOptions): Promise<ConvertOptions>;
  };
  export default swagger2openapi;
}
