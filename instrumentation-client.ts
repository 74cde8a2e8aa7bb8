import { parseZodInterpreted } from './lib/client/zod-interpreted';

// Before any of the page's chunks builds a zod schema: zod reads the setting as a schema is made.
parseZodInterpreted();
