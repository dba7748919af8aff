// The React app's build: content-hashed bundles in build/, recorded in webpack-stats.json for
// django-webpack-loader, served by whitenoise under /static/.
//
// Two configurations run together:
// - "web": the browser bundles. `main` is the SPA; `landing` is the only script "/" loads (the
//   prerendered page's behaviour in plain DOM code, a few KB, no React).
// - "prerender": LandingPage built for Node, rendered to prerendered/landing.html after the build;
//   Django serves that HTML inside the shell on "/", so the hero paints before any JavaScript.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { EsbuildPlugin } from "esbuild-loader";
import MiniCssExtractPlugin from "mini-css-extract-plugin";
import TerserPlugin from "terser-webpack-plugin";
import BundleTracker from "webpack-bundle-tracker";

const here = path.dirname(fileURLToPath(import.meta.url));
const prerenderDir = path.resolve(here, "prerendered");
const mediaPattern = /\.(woff2?|png|jpe?g|webp|avif|svg|gif|mp4|webm)$/i;
// Both configurations name assets alike, so the prerendered HTML points at the files "web" emits.
const assetModuleFilename = "assets/[name].[contenthash:12][ext]";

const scriptRule = {
  test: /\.[jt]sx?$/,
  exclude: /node_modules/,
  loader: "esbuild-loader",
  options: { target: "es2020", jsx: "automatic" },
};
const resolve = {
  extensions: [".tsx", ".ts", ".js"],
  alias: { "@": path.resolve(here, "src") },
};

/** Runs the freshly built Node bundle and writes the landing page's static HTML. */
class PrerenderLandingPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tap("PrerenderLandingPlugin", (compilation) => {
      if (compilation.errors.length > 0) return;
      const require = createRequire(import.meta.url);
      const bundle = path.join(prerenderDir, "prerender.cjs");
      delete require.cache[bundle];
      try {
        const html = require(bundle).renderLanding();
        // The CSP forbids inline styles: a React `style` prop would render as an attribute.
        if (/\sstyle="/.test(html)) throw new Error("the landing markup carries an inline style attribute");
        writeFileSync(path.join(prerenderDir, "landing.html"), html + "\n");
      } catch (error) {
        compilation.errors.push(new Error(`Prerendering the landing page failed: ${error.message}`));
      }
    });
  }
}

export default (_env, argv) => {
  const production = argv.mode !== "development";
  const mode = production ? "production" : "development";

  // react-router's package exports only its development build to bundlers (no "production" condition):
  // production builds take its production files, which leave out the development warnings.
  const webResolve = production
    ? {
        ...resolve,
        alias: {
          ...resolve.alias,
          "react-router$": path.resolve(here, "node_modules/react-router/dist/production/index.mjs"),
          "react-router/dom$": path.resolve(here, "node_modules/react-router/dist/production/dom-export.mjs"),
        },
      }
    : resolve;

  const web = {
    name: "web",
    mode,
    context: here,
    entry: {
      main: "./src/main.tsx",
      landing: "./src/features/landing/entry.ts",
    },
    output: {
      path: path.resolve(here, "build"),
      publicPath: "/static/",
      filename: production ? "js/[name].[contenthash:12].js" : "js/[name].js",
      chunkFilename: production ? "js/[name].[contenthash:12].js" : "js/[name].js",
      assetModuleFilename,
      clean: true,
    },
    // Never an eval-based source map: the CSP (script-src 'self') forbids eval.
    devtool: production ? false : "source-map",
    resolve: webResolve,
    module: {
      rules: [
        scriptRule,
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: "css-loader", options: { importLoaders: 1 } }, "postcss-loader"],
        },
        { test: mediaPattern, type: "asset/resource" },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? "css/[name].[contenthash:12].css" : "css/[name].css",
        chunkFilename: production ? "css/[name].[contenthash:12].css" : "css/[name].css",
      }),
      new BundleTracker({ path: here, filename: "webpack-stats.json", relativePath: true }),
    ],
    optimization: {
      // Terser minifies the JavaScript: it drops the code webpack's tree shaking marks unused inside
      // the modules it concatenates (esbuild's minifier keeps it: react-router's whole data router and
      // server parts stayed in the first chunk, 40 KB gzip more). esbuild still minifies the CSS.
      minimizer: [
        new TerserPlugin({ extractComments: false, terserOptions: { compress: { passes: 2 } } }),
        new EsbuildPlugin({ target: "es2020", css: true, include: /\.css$/ }),
      ],
      splitChunks: { chunks: "async" },
    },
    performance: { hints: false },
    stats: "errors-warnings",
  };

  const prerender = {
    name: "prerender",
    mode,
    context: here,
    target: "node20",
    entry: { prerender: "./scripts/prerender-entry.tsx" },
    output: {
      path: prerenderDir,
      publicPath: "/static/",
      filename: "[name].cjs",
      library: { type: "commonjs2" },
      assetModuleFilename,
      clean: true,
    },
    // React comes from node_modules at render time; everything else is bundled.
    externalsType: "commonjs",
    externals: [/^react(-dom)?(\/.*)?$/],
    devtool: false,
    resolve,
    module: {
      rules: [
        scriptRule,
        // Only the URL is needed here: the "web" build emits the files themselves.
        { test: mediaPattern, type: "asset/resource", generator: { emit: false } },
      ],
    },
    plugins: [new PrerenderLandingPlugin()],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: "errors-warnings",
  };

  return [web, prerender];
};
