import { ConfigModule } from '@nestjs/config';
import { SharedModule } from '@acme/shared';
import { configModuleConfig } from '@acme/config';
import { DatabaseModule } from '../../../libs/database';

export function imports(): unknown[] { // @def(imports, "imports")
  return [
    ConfigModule.forRoot(configModuleConfig),
    DatabaseModule.forRoot({}), // @site(d1, "forRoot") @call(imports, dbForRoot, d1)
    SharedModule.register(), // @site(s1, "register") @call(imports, sharedRegister, s1)
  ];
}
