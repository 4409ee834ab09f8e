import { UserRepo } from '../src/repo';
import { fn, Mock } from '../src/mock';

function makeRepo(): UserRepo & { save: Mock; load: Mock } {
  return { save: fn(), load: fn(), remove: () => {} } as unknown as UserRepo & { save: Mock; load: Mock };
}

// What a test reads off a mocked method is the method's property access:
// tsserver lists each under the method.
export function savesOnce() { // @def(savesOnce, "savesOnce")
  const repo = makeRepo();
  repo.save('a'); // @site(saveCall, "save") @call(savesOnce, save, saveCall, saveCalls, saveClear)
  const [row] = repo.save.mock.calls[0]; // @site(saveCalls, "save")
  repo.save.mockClear(); // @site(saveClear, "save")
  return row;
}

export function loadsStubbed() { // @def(loadsStubbed, "loadsStubbed")
  const repo = makeRepo();
  repo.load.mockResolvedValue('x'); // @site(loadStub, "load")
  const calls = (repo.load as unknown as Mock).mock.calls; // @site(loadCalls, "load")
  const once = repo.load!.mockReturnValueOnce('y'); // @site(loadOnce, "load") @ref(loadsStubbed, load, loadStub, loadCalls, loadOnce)
  return [calls, once];
}

// Data with a member of a method's name: no read of UserRepo.remove.
export function readsData() { // @def(readsData, "readsData")
  const record = { remove: { mockery: 1, mocked: 2 } };
  return record.remove.mockery + record.remove.mocked;
}
