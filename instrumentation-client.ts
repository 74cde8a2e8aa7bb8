import { parseZodInterpreted } from './components/apps/zod-interpreted';

// Before any of the page's chunks builds a zod schema: zod reads the setting as a schema is made.
parseZodInterpreted();
