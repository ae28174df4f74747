// bench:media's nginx: the baseline serving the file from disk, and the README's configuration in front of the API.
import { spawn } from "node:child_process";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
// @ts-expect-error plain ESM helper shared with `npm start`
import { freePort, waitFor } from "../../scripts/processes.mjs";

/**
 * The README's nginx configuration (Production: one public origin) in front of the API on `apiPort`: the local
 * server that keeps the API's hand-offs (proxy_cache, as long as X-Accel-Expires says) on a unix socket, and the
 * site's server that asks it and follows the hand-off to the internal location. The same lines as the README, with
 * this run's paths and ports, plain HTTP, and X-Sendfile-Type instead of MEDIA_ACCEL_REDIRECT, so that the same API
 * also answers (b) directly.
 */
function accelServers(work: string, name: string, mediaDir: string, apiPort: number, port: number) {
  return `
  upstream ${name}_api { server 127.0.0.1:${apiPort}; keepalive 32; }
  proxy_cache_path ${work}/${name}-cache levels=1:2 keys_zone=${name}:10m max_size=64m inactive=1m use_temp_path=off;
  upstream ${name}_handoff { server unix:${work}/${name}.sock; keepalive 32; }
  server {
    listen unix:${work}/${name}.sock;
    location / {
      proxy_pass http://${name}_api;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Connection "";
      proxy_cache ${name};
      proxy_cache_key $request_uri;
      proxy_ignore_headers X-Accel-Redirect Cache-Control Expires;
      proxy_pass_header X-Accel-Redirect;
    }
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_buffering off;
    location /_media/ {
      internal;
      alias ${mediaDir}/;
      sendfile on;
      tcp_nopush on;
      add_header X-Content-Type-Options nosniff;
    }
    location ~ ^/api/(media|files)/ {
      proxy_pass http://${name}_handoff;
      proxy_pass_request_headers off;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Connection "";
      proxy_set_header X-Sendfile-Type X-Accel-Redirect;
    }
  }
`;
}

/**
 * nginx (a Debian package) as a non-daemon child on free loopback ports, with its own configuration in `work`: (c)
 * serving `mediaDir` itself, and (d) in front of the APIs on `apis` with X-Accel-Redirect. Resolves once it serves
 * `probeKey` from the disk.
 */
export async function startNginx(
  work: string,
  mediaDir: string,
  apis: { cached: number; uncached: number },
  probeKey: string,
) {
  const [staticPort, cachedPort, uncachedPort] = [await freePort(), await freePort(), await freePort()];
  const conf = path.join(work, "nginx.conf");
  for (const dir of ["client", "proxy", "fastcgi", "uwsgi", "scgi"]) await mkdir(path.join(work, dir));
  // nginx's workers run as another user: they open the unix sockets and keep the cache here.
  await chmod(work, 0o755);
  await writeFile(
    conf,
    `worker_processes auto;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  default_type application/octet-stream;
  client_body_temp_path ${work}/client;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;

  # (c) the file from disk: the baseline.
  server {
    listen 127.0.0.1:${staticPort};
    root ${mediaDir};
  }

  # (d) the API checks, nginx sends, with the README's configuration: on an API with MEDIA_HANDOFF_CACHE_SEC=0
  # (every request asks it), and on one with the default (its decision reused for that long).
  ${accelServers(work, "uncached", mediaDir, apis.uncached, uncachedPort)}
  ${accelServers(work, "cached", mediaDir, apis.cached, cachedPort)}
}
`,
  );
  const child = spawn("nginx", ["-p", work, "-c", conf, "-e", path.join(work, "error.log")], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${staticPort}/${probeKey}`, child, 15_000);
  return {
    child,
    staticUrl: `http://127.0.0.1:${staticPort}`,
    cachedUrl: `http://127.0.0.1:${cachedPort}`,
    uncachedUrl: `http://127.0.0.1:${uncachedPort}`,
    errorLog: path.join(work, "error.log"),
  };
}
