export class LocationQRService {
  static async generateQRForLocation(loc: string): Promise<string> { // @def(generate, "generateQRForLocation")
    return loc;
  }

  static async bulkGenerate(locs: string[]): Promise<void> { // @def(bulk, "bulkGenerate")
    for (const l of locs) await this.generateQRForLocation(l); // @site(g0, "generateQRForLocation") @call(bulk, generate, g0)
  }
}

export const locationQRService = LocationQRService;
