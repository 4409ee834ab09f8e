export class OidcSettings {
  saveConfig(input: string): string { // @def(saveConfig, "saveConfig")
    return input;
  }
}

function createHarness() {
  return { service: new OidcSettings(), label: "x" as any, getStored: () => 1 };
}

const fixed = { settings: new OidcSettings() };

export function persists() { // @def(persists, "persists")
  const harness = createHarness();
  fixed.settings.saveConfig("b"); // @site(fixedSave, "saveConfig")
  return harness.service.saveConfig("a"); // @site(persistsSave, "saveConfig") @call(persists, saveConfig, persistsSave, fixedSave)
}

function createService() {
  const service = new OidcSettings();
  return { service };
}

export async function destructures() { // @def(destructures, "destructures")
  const { service } = await createService();
  return service.saveConfig("c"); // @site(destructuresSave, "saveConfig") @call(destructures, saveConfig, destructuresSave)
}
