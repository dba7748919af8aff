from assistant.engine.text import fold, normalise, stem


def test_it_folds_case_accents_and_ligatures():
    assert fold("Œufs ÉPICÉS à Cocody") == "oeufs epices a cocody"


def test_it_squeezes_letters_repeated_for_emphasis():
    assert normalise("merciiiii bcp").words == ["merci", "beaucoup"]


def test_it_rewrites_sms_spellings():
    assert normalise("bjr slt cmb stp").text == "bonjour salut combien s il te plait"
    assert normalise("jveu 2 sacs pr ds 1h qd").words[:2] == ["je", "veux"]
    assert "pour" in normalise("pr Koumassi").words and "dans" in normalise("ds 1h").words


def test_it_keeps_c_est_whole_and_expands_a_lone_c():
    assert normalise("c'est combien").text == "c est combien"
    assert normalise("c combien").text == "c est combien"


def test_it_translates_nouchi_to_plain_french():
    assert normalise("On dit quoi djo").words == ["salut", "ami"]
    assert normalise("y a pas drap").text == "d accord"
    assert "argent" in normalise("ça fait combien de djê").words
    assert "cher" in normalise("c'est voili").words
    assert "vite" in normalise("chap-chap").words


def test_it_drops_decorative_emojis_and_reads_meaningful_ones():
    assert normalise("Bsr 🙏🏾").words == ["bonsoir"]
    assert "ok" in normalise("👍").words


def test_it_splits_numbers_glued_to_units_and_unifies_units():
    assert normalise("riz 5kg").words == ["riz", "5", "kg"]
    assert normalise("25 kilos").words == ["25", "kg"]
    assert normalise("Angré 8e tranche").words[1] == "8e"


def test_it_keeps_the_customer_s_own_word_for_quoting():
    token = normalise("des Couches").tokens[1]
    assert token.text == "couches" and token.orig == "couches"


def test_plural_stripping_is_shared_by_message_and_vocabulary():
    assert stem("sardines") == stem("sardine") == "sardine"
    assert stem("plateaux") == "plateau"
    assert stem("batteries") == "battery"
    assert stem("riz") == "riz"
