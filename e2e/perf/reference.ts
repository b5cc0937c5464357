/**
 * The reference server of `npm run bench`: the same bytes as the site's pages, served by a
 * server that does nothing but send files. nginx with `gzip_static` (each page stored plain and
 * gzipped, the gzipped file sent to clients that accept gzip), installed from Debian's packages
 * when the machine lets the bench do so; otherwise a minimal Node `http` server answering the
 * same precompressed buffers. Every page of the site is then measured as a share of this.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { reservePorts, PORTS, sleep } from "../support/production-site";

const NGINX = "/usr/sbin/nginx";

export type ReferencePage = { name: string; body: Buffer };
export type ReferenceServer = { kind: "nginx" | "node"; url: string; pathOf(name: string): string; stop(): Promise<void> };

const fileName = (name: string) => `${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}.html`;

/** nginx when it is there or can be installed (root, apt-get); null otherwise. */
function findOrInstallNginx(): string | null {
  if (fs.existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) return null;
  console.log("[bench] installing nginx-light from Debian's packages for the reference server");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "ignore", env, timeout: 180_000 });
  spawnSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "ignore", env, timeout: 300_000 });
  return fs.existsSync(NGINX) ? NGINX : null;
}

export async function startReference(pages: ReferencePage[]): Promise<ReferenceServer> {
  const [port] = await reservePorts(1, PORTS.perf);
  const nginx = findOrInstallNginx();
  return nginx ? startNginx(nginx, pages, port) : startNodeReference(pages, port);
}

async function startNginx(binary: string, pages: ReferencePage[], port: number): Promise<ReferenceServer> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "managely-reference-"));
  const root = path.join(prefix, "root");
  fs.mkdirSync(root);
  fs.mkdirSync(path.join(prefix, "temp"));
  for (const page of pages) {
    fs.writeFileSync(path.join(root, fileName(page.name)), page.body);
    fs.writeFileSync(path.join(root, `${fileName(page.name)}.gz`), zlib.gzipSync(page.body, { level: 9 }));
  }
  const config = `
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  default_type "text/html; charset=utf-8";
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri =404; }
  }
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  const child: ChildProcess = spawn(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitForServing(`${url}/${fileName(pages[0].name)}`, () => child.exitCode === null, () => fs.readFileSync(path.join(prefix, "error.log"), "utf8"));
  return {
    kind: "nginx",
    url,
    pathOf: (name) => `/${fileName(name)}`,
    async stop() {
      child.kill("SIGQUIT");
      await sleep(500);
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** The fallback: each page kept plain and gzipped in memory, answered with no work at all. */
async function startNodeReference(pages: ReferencePage[], port: number): Promise<ReferenceServer> {
  const files = new Map(pages.map((page) => [`/${fileName(page.name)}`, { plain: page.body, gzip: zlib.gzipSync(page.body, { level: 9 }) }]));
  const server = http.createServer((req, res) => {
    const file = files.get(req.url ?? "");
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? file.gzip : file.plain;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length, vary: "Accept-Encoding", ...(gzip ? { "content-encoding": "gzip" } : {}) });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { kind: "node", url: `http://127.0.0.1:${port}`, pathOf: (name) => `/${fileName(name)}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function waitForServing(url: string, isRunning: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (!isRunning()) throw new Error(`The reference server stopped while starting:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`The reference server did not answer within 15 s:\n${log()}`);
}
