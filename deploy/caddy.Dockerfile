# Caddy with a DNS provider module (compose.yaml's proxy). The views' wildcard certificate
# (*.VIEWS_DOMAIN) is issued only through the ACME DNS-01 challenge, which the stock image cannot
# answer. Another DNS provider: set DNS_MODULE to its caddy-dns module (caddyserver.com/docs/modules,
# dns.providers.*) and change the `dns` line of the Caddyfile to match.
ARG CADDY_VERSION=2.10
FROM caddy:${CADDY_VERSION}-builder AS build
ARG DNS_MODULE=github.com/caddy-dns/cloudflare
RUN xcaddy build --with ${DNS_MODULE}

FROM caddy:${CADDY_VERSION}
COPY --from=build /usr/bin/caddy /usr/bin/caddy
