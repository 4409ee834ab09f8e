export default {
  flush(): void {}, // @def(sinkFlush, "flush")
};
