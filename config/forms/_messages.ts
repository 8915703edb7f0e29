/**
 * Answers our server gives to requests that no honest browser sends (a field longer than
 * the form allows, a number where text belongs, a key the form does not have). Shared by
 * the four forms; a form may replace any of them with its own.
 */
export default {
  tooLong: 'Please keep {label} to {max} characters or fewer.',
  notText: '{label} must be text.',
  notAnOption: 'Please choose one of the listed options for {label}.',
  unknownKey: 'This form does not accept that information. Please reload the page and try again.',
  missingKey: 'Something is missing from this form. Please reload the page and try again.',
  notShown: 'This form did not ask for {label} with your other answers. Please reload the page and try again.',
  // Without JavaScript every question shows, with this under the ones that apply only sometimes.
  onlyIf: 'Only if {label} is {values}.',
  onlyIfOr: ' or ',
};
