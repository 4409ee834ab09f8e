export const configModuleConfig = { isGlobal: true };
