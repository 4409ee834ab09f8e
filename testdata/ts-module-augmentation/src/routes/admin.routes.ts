import type { FastifyInstance } from "fastify";

export async function adminRoutes(fastify: FastifyInstance): Promise<void> { // @def(adminRoutes, "adminRoutes")
  fastify.get("/config", () => fastify.services.sharedConfig.create("x")); // @site(c1, "create") @call(adminRoutes, configCreate, c1)
  fastify.log.info("mounted");
}

export async function skillRoutes(app: FastifyInstance): Promise<string> { // @def(skillRoutes, "skillRoutes")
  return app.container.skillHubQuery.getExport("s"); // @site(e1, "getExport") @call(skillRoutes, getExport, e1)
}
