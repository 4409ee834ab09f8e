export class SharedConfigService {
  create(body: string): string { // @def(configCreate, "create")
    return body;
  }

  info(message: string): string { // @def(configInfo, "info") @nocallers(configInfo)
    return message;
  }
}
