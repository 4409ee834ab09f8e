export interface AIProvider {
  generate(prompt: string): Promise<string>; // @def(ifaceGenerate, "generate")
}

export class SakuraProvider implements AIProvider {
  async generate(prompt: string): Promise<string> { // @def(sakuraGenerate, "generate")
    return prompt;
  }
}

export class Other {
  generate(prompt: string): string { // @def(otherGenerate, "generate") @nocallers(otherGenerate)
    return prompt;
  }
}
