/** Every shop query lives under "shop": a write invalidates them all (they are small). */
export const shopQueryKey = ["shop"] as const;
