// The Spanish of the few texts the pre-rendered login page's script shows itself (client/app/loginPage.ts, issue 33):
// the shared schema's messages and the fallback of a failed request. One chunk, fetched only by a Spanish page.
import shared from '../../common/i18n/es/shared.json';
import ui from '../../common/i18n/es/ui.json';
import { translateText } from '../../common/i18n/text';
import { setFormTextTranslator } from '../lib/formErrors';

const catalog = { ...shared, ...ui };
setFormTextTranslator((english) => translateText(catalog, english));
