// Media imported by the landing page: webpack turns each import into its hashed /static/ URL.
declare module "*.avif" {
  const url: string;
  export default url;
}
declare module "*.jpg" {
  const url: string;
  export default url;
}
declare module "*.mp4" {
  const url: string;
  export default url;
}
declare module "*.webm" {
  const url: string;
  export default url;
}
