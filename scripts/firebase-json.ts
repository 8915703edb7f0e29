/** npm run firebase:json — writes firebase.json from config/routes.ts (see src/deploy/firebaseJson.ts). */
import { writeFileSync } from 'node:fs';
import { firebaseJsonText } from '../src/deploy/firebaseJson';

writeFileSync('firebase.json', firebaseJsonText());
console.log('Wrote firebase.json');
