// The React app's build: content-hashed bundles in build/, recorded in webpack-stats.json for
// django-webpack-loader, served by whitenoise under /static/.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { EsbuildPlugin } from "esbuild-loader";
import MiniCssExtractPlugin from "mini-css-extract-plugin";
import BundleTracker from "webpack-bundle-tracker";

const here = path.dirname(fileURLToPath(import.meta.url));

export default (_env, argv) => {
  const production = argv.mode !== "development";
  return {
    mode: production ? "production" : "development",
    context: here,
    entry: { main: "./src/main.tsx" },
    output: {
      path: path.resolve(here, "build"),
      publicPath: "/static/",
      filename: production ? "js/[name].[contenthash:12].js" : "js/[name].js",
      chunkFilename: production ? "js/[name].[contenthash:12].js" : "js/[name].js",
      assetModuleFilename: "assets/[name].[contenthash:12][ext]",
      clean: true,
    },
    // Never an eval-based source map: the CSP (script-src 'self') forbids eval.
    devtool: production ? false : "source-map",
    resolve: {
      extensions: [".tsx", ".ts", ".js"],
      alias: { "@": path.resolve(here, "src") },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: "esbuild-loader",
          options: { target: "es2020", jsx: "automatic" },
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, { loader: "css-loader", options: { importLoaders: 1 } }, "postcss-loader"],
        },
        { test: /\.(woff2?|png|jpe?g|webp|avif|svg|gif|mp4|webm)$/i, type: "asset/resource" },
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
      minimizer: [new EsbuildPlugin({ target: "es2020", css: true })],
      splitChunks: { chunks: "async" },
    },
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
