import type { Schemas } from '../../../lib/api/types';

/** The client's list: each medicine with the slots they take it at. */
export type ClientMedicines = Schemas['ClientMedicinesOut'];
export type ClientMedicine = Schemas['ClientMedicineOut'];
/** A class of medicines or one substance of the vocabulary. */
export type MedicineChoice = Schemas['MedicineOut'];
export type MedicinesBody = Schemas['MedicinesIn'];
