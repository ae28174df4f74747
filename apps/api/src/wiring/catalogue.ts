import type { FastifyPluginAsync } from "fastify";
import type { Config } from "../config.ts";
import { adminAssetsRoutes } from "../modules/admin-assets/routes.ts";
import { bannersRoutes } from "../modules/banners/routes.ts";
import { categoriesRoutes } from "../modules/categories/routes.ts";
import { galleriesRoutes } from "../modules/galleries/routes.ts";
import { performersRoutes } from "../modules/performers/routes.ts";
import { postsRoutes } from "../modules/posts/routes.ts";
import { productsRoutes } from "../modules/products/routes.ts";
import { vaultRoutes } from "../modules/vault/routes.ts";
import { videosRoutes } from "../modules/videos/routes.ts";
import type { Services } from "../services.ts";

/** The catalogue: performers, movies, galleries, products, categories, posts and banners, and the admins' view of it. */
export const catalogueArea: FastifyPluginAsync<{ services: Services; config: Config }> = async (
  app,
  { services, config },
) => {
  const imageMaxBytes = config.uploadImageMaxBytes;
  await app.register(performersRoutes, { performers: services.performers, imageMaxBytes });
  await app.register(videosRoutes, {
    videos: services.videos,
    videoMaxBytes: config.uploadVideoMaxBytes,
    imageMaxBytes,
  });
  await app.register(galleriesRoutes, { galleries: services.galleries, imageMaxBytes });
  await app.register(productsRoutes, {
    products: services.products,
    imageMaxBytes,
    fileMaxBytes: config.uploadProductFileMaxBytes,
  });
  await app.register(categoriesRoutes, { categories: services.categories });
  await app.register(postsRoutes, { posts: services.posts, imageMaxBytes });
  await app.register(bannersRoutes, { banners: services.banners, imageMaxBytes });
  await app.register(adminAssetsRoutes, { assets: services.assets });
  await app.register(vaultRoutes, { vault: services.vault });
};
