#!/usr/bin/env node
// `make bench-web`: Lighthouse (default mobile settings: simulated slow 4G, 4x CPU slowdown) on "/"
// served the production way (gunicorn, DEBUG off, whitenoise serving the collected, compressed
// static files), median of 5 runs. Prints JS bytes transferred, LCP, TBT, CLS and the score, then the
// JavaScript "/", "/auth/login" and "/dashboard" (demo account) download, and exits non-zero when a
// target is missed (login ≤ 130 KB).
//
// Lighthouse lives in frontend/.bench/ (ignored by git) so that `npm install` of the app stays lean.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const targets = { lcp: 1500, cls: 0.05, score: 95, loginJs: 130 * 1024 };
const demo = { adresse_email: "demo@flux-ia.ci", mot_de_passe: "Akwaba2025" }; // manage.py seed_demo

const { default: lighthouse } = await import(path.join(repo, "frontend/.bench/node_modules/lighthouse/core/index.js"));
const puppeteer = createRequire(path.join(repo, "frontend/.bench/package.json"))("puppeteer-core");
const chromeLauncher = await import(path.join(repo, "frontend/.bench/node_modules/chrome-launcher/dist/index.js"));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, server, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`gunicorn exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * JavaScript bytes a phone downloads for `url` (transferred, compressed as served), cold cache, 390 px
 * wide, until the network is idle: lazy chunks included. `before` runs first on a same-origin page
 * that loads no script (the session is put in localStorage there).
 */
async function scriptBytes(browser, url, before) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const cdp = await page.createCDPSession();
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const scripts = new Set();
    let total = 0;
    cdp.on("Network.responseReceived", (event) => {
      if (event.type === "Script") scripts.add(event.requestId);
    });
    cdp.on("Network.loadingFinished", (event) => {
      if (scripts.has(event.requestId)) total += event.encodedDataLength;
    });
    if (before) await before(page);
    await page.goto(url, { waitUntil: "networkidle0" });
    return total;
  } finally {
    await context.close();
  }
}

async function signedIn(page, base) {
  await page.goto(`${base}/api/v1/health`);
  await page.evaluate(async (credentials) => {
    const response = await fetch("/api/v1/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(credentials),
    });
    if (!response.ok) throw new Error(`demo login: HTTP ${response.status} (run manage.py seed_demo)`);
    const body = await response.json();
    localStorage.setItem("flux_access_token", body.access_token);
    localStorage.setItem("flux_refresh_token", body.refresh_token);
    localStorage.setItem("flux_user", JSON.stringify(body.user));
  }, demo);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// The shared tree may be mid-build (webpack rewrites its stats file): wait for a finished build.
const statsFile = path.join(repo, "frontend/webpack-stats.json");
for (let waited = 0; ; waited += 1) {
  const status = await readFile(statsFile, "utf-8").then((text) => JSON.parse(text).status, () => "missing");
  if (status === "done") break;
  if (waited > 120) throw new Error(`${statsFile}: status ${status}; run the webpack build first`);
  await new Promise((r) => setTimeout(r, 1000));
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(
  path.join(repo, ".venv/bin/gunicorn"),
  // Threads, so that Chrome's idle keep-alive connections never hold up a request.
  ["config.wsgi", "--bind", `127.0.0.1:${port}`, "--workers", "2", "--worker-class", "gthread", "--threads", "4", "--log-level", "warning"],
  { cwd: repo, env: { ...process.env, DEBUG: "false" }, stdio: ["ignore", "inherit", "inherit"] },
);
let chrome;
const stop = () => {
  if (chrome) chrome.kill();
  if (server.exitCode === null) server.kill("SIGTERM");
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

try {
  await waitUntilUp(`${base}/api/v1/health`, server);
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
  });
  // One warm-up run, not counted: the first request pays for gunicorn's imports and Chrome's
  // cold caches, which no visitor sees.
  await lighthouse(`${base}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const results = [];
  let version = "";
  let retries = 3;
  for (let run = 1; run <= runs; run += 1) {
    const { lhr } = await lighthouse(`${base}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const failure = lhr.runtimeError?.message ??
      ["largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]
        .filter((id) => typeof lhr.audits[id]?.numericValue !== "number")
        .map((id) => `${id}: ${lhr.audits[id]?.errorMessage ?? "no value"}`)
        .join("; ");
    if (failure) {
      // A page that failed to load (say, the shared tree rebuilding under us) is re-run, not counted.
      if (retries-- === 0) throw new Error(`Lighthouse run ${run} failed: ${failure}`);
      console.warn(`run ${run} failed (${failure}); running it again`);
      run -= 1;
      continue;
    }
    const scripts = lhr.audits["resource-summary"].details.items.find((item) => item.resourceType === "script");
    const result = {
      jsBytes: scripts?.transferSize ?? 0,
      lcp: lhr.audits["largest-contentful-paint"].numericValue,
      tbt: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      fcp: lhr.audits["first-contentful-paint"].numericValue,
      score: Math.round(lhr.categories.performance.score * 100),
    };
    results.push(result);
    version = lhr.lighthouseVersion;
    console.log(
      `run ${run}: score ${result.score}, LCP ${Math.round(result.lcp)} ms, FCP ${Math.round(result.fcp)} ms, ` +
        `TBT ${Math.round(result.tbt)} ms, CLS ${result.cls.toFixed(3)}, JS ${result.jsBytes} B`,
    );
  }
  const summary = Object.fromEntries(Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]));
  console.log(`\nLighthouse ${version} mobile, "/" served by gunicorn (DEBUG off), median of ${runs}:`);
  console.log(`  JS transferred  ${summary.jsBytes} B (${(summary.jsBytes / 1024).toFixed(1)} KB)`);
  console.log(`  LCP             ${Math.round(summary.lcp)} ms   (target ≤ ${targets.lcp} ms)`);
  console.log(`  FCP             ${Math.round(summary.fcp)} ms`);
  console.log(`  TBT             ${Math.round(summary.tbt)} ms`);
  console.log(`  CLS             ${summary.cls.toFixed(3)}   (target ≤ ${targets.cls})`);
  console.log(`  Score           ${summary.score}   (target ≥ ${targets.score})`);
  const missed = summary.lcp > targets.lcp || summary.cls > targets.cls || summary.score < targets.score;
  if (missed) {
    console.error("\nThe landing page misses its speed targets.");
    process.exitCode = 1;
  }

  // What each entry screen costs in JavaScript, transferred as served (whitenoise's compressed files).
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const home = await scriptBytes(browser, `${base}/`);
    const login = await scriptBytes(browser, `${base}/auth/login`);
    const dashboard = await scriptBytes(browser, `${base}/dashboard`, (page) => signedIn(page, base));
    console.log("\nJavaScript transferred, cold cache, 390 px, until the network is idle:");
    console.log(`  /                ${kb(home)}`);
    console.log(`  /auth/login      ${kb(login)}   (target ≤ ${kb(targets.loginJs)})`);
    console.log(`  /dashboard       ${kb(dashboard)}   (demo account)`);
    if (login > targets.loginJs) {
      console.error("\nThe login screen exceeds its JavaScript budget.");
      process.exitCode = 1;
    }
  } finally {
    await browser.disconnect();
  }
} finally {
  stop();
}
