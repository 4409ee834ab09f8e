const helpers = {
  info(message: string): string { // @def(helpersInfo, "info")
    return message;
  },
};

export { helpers };
