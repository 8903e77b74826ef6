# apidoc mock in a container, on the official Node.js image. From a clone of this repository:
#   npm ci && npm run build && npm pack      # writes laravel-apidoc-<version>.tgz here
#   docker build -t apidoc-mock .
#   docker run --rm -p 8081:8081 -v "$PWD/examples:/spec:ro" -e SPEC=/spec/openapi.yaml apidoc-mock
FROM node:20-slim
WORKDIR /opt/apidoc
COPY laravel-apidoc-*.tgz ./laravel-apidoc.tgz
RUN npm install --global --no-audit --no-fund ./laravel-apidoc.tgz && rm laravel-apidoc.tgz
# Every interface of the container; the document from the volume mounted at /spec.
ENV HOST=0.0.0.0 PORT=8081 SPEC=/spec/openapi.json
EXPOSE 8081
USER node
CMD exec apidoc mock --host "$HOST" --port "$PORT" --spec "$SPEC"
