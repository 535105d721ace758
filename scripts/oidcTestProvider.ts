// The loopback OpenID provider of server/testing/oidcProvider.ts as a process of its own, for the browser tests
// (client/e2e cannot import server/): `tsx scripts/oidcTestProvider.ts '<options JSON>'` prints
// "Test OpenID provider at <issuer>" once it listens, shows its account page in the browser (no account chosen
// beforehand), and closes on SIGTERM or SIGINT. Started through spawnForTest, it ends with the test file.
import { startTestProvider, type TestProviderOptions } from '../server/testing/oidcProvider';

const options = JSON.parse(process.argv[2] ?? '{}') as TestProviderOptions;
const provider = await startTestProvider(options);
provider.signInAs = null;
console.log(`Test OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void provider.close().finally(() => process.exit(0));
  });
}
