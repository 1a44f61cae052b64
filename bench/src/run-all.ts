import { benchEntityForest } from './entity-forest';
import { benchHttpOverhead } from './http-overhead';
import { benchLedger } from './ledger';
import { benchLoginBundle } from './login-bundle';

// `npm run bench`: every figure printed as measured in this one run.
await benchHttpOverhead();
await benchLoginBundle();
await benchEntityForest();
await benchLedger();
